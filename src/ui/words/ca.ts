// The ca words of the card and of the kept plan: one chunk, fetched only when a calculator speaks ca.
export { messages } from '../../locales/ca/messages.po'
export { messages as keepMessages } from '../keep/locales/ca/messages.po'
