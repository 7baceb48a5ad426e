import { Component, CUSTOM_ELEMENTS_SCHEMA, computed, inject, signal } from '@angular/core'
import type { TuitionInput } from 'fees-calculator'
import { AuthService } from './auth.service'

@Component({
  selector: 'app-root',
  // <fees-calculator> is a custom element: without this schema the template compiler refuses the tag and its property.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <button id="toggle" type="button" (click)="shown.set(!shown())">{{ shown() ? 'Hide' : 'Show' }} the calculator</button>
    <button id="refresh" type="button" (click)="auth.refresh()">Refresh the token</button>
    <button id="bad-date" type="button" (click)="dateOfPayment.set('not-a-date')">Send a bad date</button>
    @if (shown()) {
      <fees-calculator
        [tuitionInput]="tuitionInput()"
        (calculationResultReceivedEvent)="record($event)"
        (invalidTuitionEvent)="record($event)"
        (feeOptionSelectedEvent)="record($event)"
      ></fees-calculator>
    }
    <ol id="log">
      @for (entry of received(); track $index) {
        <li [attr.data-event]="entry.name">{{ entry.detail }}</li>
      }
    </ol>
  `,
})
export class App {
  protected readonly auth = inject(AuthService)
  protected readonly shown = signal(true)
  protected readonly dateOfPayment = signal('2030-01-05')
  protected readonly tuitionInput = computed<TuitionInput>(() => ({
    currency: 'EUR',
    dateOfPayment: this.dateOfPayment(),
    finalAmount: 6000,
    system: 1,
    financialType: 0,
    language: 'en',
    token: this.auth.token(),
    contractId: 'C-2026-0001',
    studyIdName: 'Degree in Computer Engineering',
  }))
  protected readonly received = signal<{ name: string; detail: string }[]>([])

  protected record(event: Event): void {
    const { type, detail } = event as CustomEvent<unknown>
    this.received.update((list) => [...list, { name: type, detail: JSON.stringify(detail) }])
  }
}
