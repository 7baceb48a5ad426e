// The ca words of the credit information form: a chunk of their own, fetched when a student asks for the form in ca.
export { messages } from '../locales/ca/messages.po'
