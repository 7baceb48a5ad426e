// The pt words of the card and of the kept plan: one chunk, fetched only when a calculator speaks pt.
export { messages } from '../../locales/pt/messages.po'
export { messages as keepMessages } from '../keep/locales/pt/messages.po'
