// The tuition input the page shows, the same on the server, which renders the card, and in the browser, which hands the
// element the student's token with it. The token is never part of it: each side adds the one it holds.
export function tuitionInput(language) {
  return {
    currency: 'EUR',
    dateOfPayment: '2030-01-05',
    finalAmount: 6000,
    system: 1,
    financialType: 0,
    language,
    contractId: 'C-2026-0001',
    studyIdName: 'Degree in Computer Engineering',
  }
}
