// The en words of the credit information form: a chunk of their own, fetched when a student asks for the form in en.
export { messages } from '../locales/en/messages.po'
