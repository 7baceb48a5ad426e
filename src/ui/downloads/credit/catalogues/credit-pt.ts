// The pt words of the credit information form: a chunk of their own, fetched when a student asks for the form in pt.
export { messages } from '../locales/pt/messages.po'
