// The gl words of the credit information form: a chunk of their own, fetched when a student asks for the form in gl.
export { messages } from '../locales/gl/messages.po'
