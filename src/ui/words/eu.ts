// The eu words of the card and of the kept plan: one chunk, fetched only when a calculator speaks eu.
export { messages } from '../../locales/eu/messages.po'
export { messages as keepMessages } from '../keep/locales/eu/messages.po'
