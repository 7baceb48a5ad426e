// The eu words of the credit information form: a chunk of their own, fetched when a student asks for the form in eu.
export { messages } from '../locales/eu/messages.po'
