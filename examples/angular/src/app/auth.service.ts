import { Injectable, signal } from '@angular/core'

/**
 * The portal's sign-in service: the bearer token the calculator's calls carry. This example reads the one its page
 * was given (window.exampleAuth); a real portal asks its identity provider, and asks again when the token expires.
 */
@Injectable({ providedIn: 'root' })
export class AuthService {
  readonly token = signal(this.current())

  refresh(): void {
    this.token.set(this.current())
  }

  private current(): string {
    return (window as { exampleAuth?: { token: string } }).exampleAuth?.token ?? ''
  }
}
