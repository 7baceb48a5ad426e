/**
 * The element's properties, in one table: each row gives the property, its
 * attribute, how its raw value is read, its default and the words the
 * manifest and the README show. The element's observed attributes and
 * accessors, the React component's props, the JSX typings of
 * `<fees-calculator>` and the Custom Elements Manifest all follow from it, so
 * a new property is one new row here (plus whatever the component does with it).
 *
 * This file has no runtime imports: custom-elements-manifest.config.mjs
 * transpiles and loads it on its own.
 */

/**
 * How a property's raw value is read.
 * - `tuition`: a tuition input, as an object or its JSON text.
 * - `text`: a string; empty means absent.
 * - `flag`: a boolean; as an attribute, present means true unless false/0/no/off.
 * - `messages`: the university's words by name, as an object or its JSON text.
 * - `lender`: the lender's details (src/domain/lender.ts), as an object or its JSON text.
 * - `boolean`: a form control's boolean attribute, read as the platform reads `disabled` and `required`: present
 *   means true, whatever its value.
 */
export type PropKind = 'tuition' | 'text' | 'flag' | 'messages' | 'lender' | 'boolean'

export interface PropRow {
  readonly attribute: string
  readonly kind: PropKind
  /** The value the widget uses when the property is absent, as the manifest shows it. */
  readonly default?: string
  /** A form control's attribute (src/element/form.ts): the property reflects it, as on an `<input>`. */
  readonly form?: true
}

export const ELEMENT_PROPS = {
  tuitionInput: { attribute: 'tuition-input', kind: 'tuition' },
  versionHashCode: { attribute: 'version-hash-code', kind: 'text' },
  showHeader: { attribute: 'show-header', kind: 'flag', default: 'true' },
  showFooter: { attribute: 'show-footer', kind: 'flag', default: 'true' },
  apiBase: { attribute: 'api-base', kind: 'text' },
  apiKey: { attribute: 'api-key', kind: 'text' },
  reminderDays: { attribute: 'reminder-days', kind: 'text' },
  colorScheme: { attribute: 'color-scheme', kind: 'text' },
  messages: { attribute: 'messages', kind: 'messages' },
  lender: { attribute: 'lender', kind: 'lender' },
  planUrl: { attribute: 'plan-url', kind: 'text' },
  name: { attribute: 'name', kind: 'text', form: true },
  required: { attribute: 'required', kind: 'boolean', default: 'false', form: true },
  disabled: { attribute: 'disabled', kind: 'boolean', default: 'false', form: true },
} as const satisfies Record<string, PropRow>

export type ElementPropName = keyof typeof ELEMENT_PROPS

/**
 * The words of each row: the attribute's meaning and the property's, as the
 * manifest and the README show them. Beside the table rather than in it, so
 * that the widget's bundle, which never reads them, does not carry them.
 */
export const ELEMENT_PROP_DOCS: Record<ElementPropName, { readonly attribute: string; readonly property: string }> = {
  tuitionInput: {
    attribute:
      'Embedded mode: the tuition input as JSON. Its `language` is one of `es`, `en`, `ca`, `eu`, `gl`, `pt`, read by its primary subtag, in any case and with `-` or `_` (`ca-ES`, `EU_es`, `pt-BR`); a tag it does not speak, or none, gives Spanish. Malformed JSON or an invalid input sends `invalidTuitionEvent`.',
    property:
      'Embedded mode: the tuition input. Setting it again recalculates; an equal value sends no request. Never written back to the attribute.',
  },
  versionHashCode: {
    attribute: 'Hash mode: loads the saved version with this hash.',
    property: 'Hash mode: loads the saved version with this hash.',
  },
  showHeader: {
    attribute: 'Shows the header with the legal links; `show-header="false"` hides it. Default true.',
    property: 'Shows the header. Default true.',
  },
  showFooter: {
    attribute: 'Shows the footer with the legal links and copyright; `show-footer="false"` hides it. Default true.',
    property: 'Shows the footer. Default true.',
  },
  apiBase: {
    attribute: "Overrides the environment's API root, e.g. `https://api.example.edu/api/v1`.",
    property: "Overrides the environment's API root.",
  },
  apiKey: {
    attribute: "Overrides the build's static API key of hash mode.",
    property: "Overrides the build's static API key of hash mode.",
  },
  reminderDays: {
    attribute:
      'Days before each due date that the calendar file (`.ics`) reminds the student: a whole number from 0 (on the day) to 60, or `off` for no reminder. Default 3.',
    property: 'Days before each due date that the calendar file reminds the student, as text (`"7"`), or `"off"`.',
  },
  colorScheme: {
    attribute:
      "`light` or `dark` forces the card's colour scheme; absent (or any other value), it follows the student's device (`prefers-color-scheme`). The `--fc-*` custom properties win over either.",
    property: "`'light'`, `'dark'`, or null to follow the student's device.",
  },
  messages: {
    attribute:
      'The university\'s own words, per language and by name, as JSON: `{"es": {"save": "GUARDAR PLAN"}}` (the names are listed under Languages). A language left out keeps the widget\'s words; an unknown name warns once in the console.',
    property: "The university's own words, per language and by name. Setting it again changes the words on screen.",
  },
  lender: {
    attribute:
      'The lender (the university) for the standard European consumer credit information that a plan with interest offers as a PDF, as JSON: `name`, `address`, `contact` (`phone`, `email`, `web`), `registration`, `latePaymentCost` (a text, or one per language). What it leaves out is marked "to be completed" on the form (what the form holds: `docs/credit-information.md`). Malformed JSON or a field of the wrong type is refused with a console warning, and the lender given before stays.',
    property:
      'The lender for the standard European consumer credit information, as an object (`Lender`) or its JSON text. Never written back to the attribute.',
  },
  planUrl: {
    attribute:
      'The link a saved plan is sent by to whoever pays, `{hash}` standing for its version hash: `https://portal.example.edu/plan/{hash}` (a relative one is read against the page). With it, a saved plan offers "Send to whoever pays" (the device\'s share sheet, else the link copied); without it, or without `{hash}`, there is no such button.',
    property: 'The link pattern a saved plan is sent by, with `{hash}`; null for no "Send to whoever pays".',
  },
  name: {
    attribute:
      "In a `<form>`: the name under which the saved version's hash is submitted (nothing before a save, as an unchecked box).",
    property: 'Reflects `name`.',
  },
  required: {
    attribute:
      "In a `<form>`: the form does not submit until a plan is saved; the browser says so in the card's language.",
    property: 'Reflects `required`.',
  },
  disabled: {
    attribute:
      'Disables the calculator, as a `<fieldset disabled>` around it does: its controls cannot be used and it is left out of its form.',
    property: 'Reflects `disabled`. The React component takes it too.',
  },
}

export const ELEMENT_PROP_NAMES = Object.keys(ELEMENT_PROPS) as ElementPropName[]

/** How each kind's property is typed in the manifest. */
export const KIND_PROPERTY_TYPES: Record<PropKind, string> = {
  tuition: 'TuitionInput | string | null',
  text: 'string | null',
  flag: 'boolean | string | null',
  messages: 'FeesCalculatorMessages | string | null',
  lender: 'Lender | string | null',
  boolean: 'boolean',
}

/** How an attribute is typed in the manifest: a flag's and a boolean's are present or absent, every other is a text. */
export const attributeTypeOf = (kind: PropKind): 'boolean' | 'string' =>
  kind === 'flag' || kind === 'boolean' ? 'boolean' : 'string'
