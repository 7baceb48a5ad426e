// The en words of the card and of the kept plan: one chunk, fetched only when a calculator speaks en.
export { messages } from '../../locales/en/messages.po'
export { messages as keepMessages } from '../keep/locales/en/messages.po'
