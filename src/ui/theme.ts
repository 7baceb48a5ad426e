/**
 * The theming surface of `<fees-calculator>`: set these custom properties on
 * the element (or any ancestor) and style its parts with `::part()`. They are
 * the only styles from the page that reach the widget: its shadow root resets
 * everything else.
 *
 * These lines are the documentation: the Custom Elements Manifest takes them
 * (custom-elements-manifest.config.mjs), and the README's tables come from it.
 * A line reads `@cssproperty --name - What it sets. Default value.`. A colour
 * has a default for each scheme (light, and dark where the student's device
 * asks for it or the host's color-scheme attribute forces it); a value the
 * page sets wins in both, and print uses black on white whatever was set.
 *
 * @cssproperty --fc-primary - Brand colour: SAVE button, monthly fee, selected day. Default `#1f4fd1` light, `#8cb4ff` dark.
 * @cssproperty --fc-primary-hover - SAVE button when hovered. Default a darker `--fc-primary`.
 * @cssproperty --fc-on-primary - Text on the brand colour. Default `#ffffff` light, `#0d1422` dark.
 * @cssproperty --fc-highlight-background - Background of the monthly fee panel. Default a tint of `--fc-primary` on the background.
 * @cssproperty --fc-background - Background of the card, fields, calendar and toasts (dark scheme: behind the header and footer too). Default `#ffffff` light, `#161b26` dark.
 * @cssproperty --fc-surface - Background of secondary areas (summary, table header). Default `#f5f7fb` light, `#1f2633` dark.
 * @cssproperty --fc-text - Main text colour. Default `#172033` light, `#e8ecf3` dark.
 * @cssproperty --fc-muted - Labels and secondary text. Default `#566176` light, `#a6b0c2` dark.
 * @cssproperty --fc-border - Borders and dividers. Default `#dce2eb` light, `#364055` dark.
 * @cssproperty --fc-danger - Error text, and the error toasts' tint. Default `#b42318` light, `#ff9b8f` dark.
 * @cssproperty --fc-success - The "plan saved" confirmation. Default `#146c43` light, `#5fd08f` dark.
 * @cssproperty --fc-radius - Corner radius of the card; fields use about half of it. Default `14px`.
 * @cssproperty --fc-font-family - Font of the whole widget. Default the system UI font.
 * @cssproperty --fc-font-size - Base font size; every size scales from it. Default `16px`.
 * @cssproperty --fc-shadow - Shadow of the card. Default a soft two-layer shadow.
 * @cssproperty --fc-max-width - Widest the widget grows. Default `880px`.
 *
 * @csspart base - The widget's outermost box.
 * @csspart header - The optional header with the legal links (`show-header`).
 * @csspart card - The calculator card.
 * @csspart title - The study programme name.
 * @csspart intro - The intro message.
 * @csspart failure - Why the plan could not be calculated (session expired, service unavailable, no connection, too slow, unreadable answer, refused details), with Try again where trying again can succeed.
 * @csspart fee-select - The number-of-fees dropdown.
 * @csspart compare-button - The Compare button beside the dropdown, which opens the comparison of fee counts.
 * @csspart monthly-fee - The highlighted monthly fee panel.
 * @csspart date - The first payment date field (calendar button or read-only date).
 * @csspart summary - The list of amounts: amount, amount to finance, financing cost, total to pay.
 * @csspart rates - The TIN and TAE beside the summary.
 * @csspart version - The enrolment id and version number, drawn just after the first figures (its place kept until then).
 * @csspart save-button - The SAVE button, drawn with the version just after the first figures.
 * @csspart before-and-now - The saved version a plan replaces beside it, below the card: each figure before and now, and how it changed (or the note that it could not be read).
 * @csspart downloads - The plan's files below the card: its PDF, once saved its due dates as a calendar file, and "Send to whoever pays".
 * @csspart comparison - The comparison of fee counts below the card: monthly fee, financing cost, total to pay and TAE per count.
 * @csspart schedule - The dated amortization schedule, shown after a save or on demand.
 * @csspart footer - The optional footer with the legal links and copyright (`show-footer`).
 * @csspart failed - The panel shown instead of the card when the calculator could not be drawn, with its retry.
 */
export const CSS_CUSTOM_PROPERTIES = [
  '--fc-primary',
  '--fc-primary-hover',
  '--fc-on-primary',
  '--fc-highlight-background',
  '--fc-background',
  '--fc-surface',
  '--fc-text',
  '--fc-muted',
  '--fc-border',
  '--fc-danger',
  '--fc-success',
  '--fc-radius',
  '--fc-font-family',
  '--fc-font-size',
  '--fc-shadow',
  '--fc-max-width',
] as const

export const CSS_PARTS = [
  'base',
  'header',
  'card',
  'title',
  'intro',
  'failure',
  'fee-select',
  'compare-button',
  'monthly-fee',
  'date',
  'summary',
  'rates',
  'version',
  'save-button',
  'before-and-now',
  'downloads',
  'comparison',
  'schedule',
  'footer',
  'failed',
] as const
