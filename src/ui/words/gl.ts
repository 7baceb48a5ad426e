// The gl words of the card and of the kept plan: one chunk, fetched only when a calculator speaks gl.
export { messages } from '../../locales/gl/messages.po'
export { messages as keepMessages } from '../keep/locales/gl/messages.po'
