/**
 * The portal's sign-in service: the bearer token the calculator's calls carry. This example reads the one its page
 * was given (window.exampleAuth); a real portal asks its identity provider, and asks again when the token expires.
 */
export function currentToken() {
  return window.exampleAuth?.token ?? ''
}
