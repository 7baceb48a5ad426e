import { describe, expect, it } from 'vitest'
import { latePaymentCostIn, readLender } from './lender.ts'

describe('the lender a host gives', () => {
  it('reads an object and its JSON text alike, trimming each detail and dropping empty ones', () => {
    const given = {
      name: '  Universidad Demo ',
      address: '',
      contact: { phone: '+34 910 000 000', email: ' pagos@demo.example', web: '   ' },
      registration: 'CIF Q0000000J',
      latePaymentCost: 'TIN + 2 puntos',
    }
    const expected = {
      name: 'Universidad Demo',
      contact: { phone: '+34 910 000 000', email: 'pagos@demo.example' },
      registration: 'CIF Q0000000J',
      latePaymentCost: 'TIN + 2 puntos',
    }
    expect(readLender(given)).toEqual({ ok: true, value: expected, ignored: [] })
    expect(readLender(JSON.stringify(given))).toEqual({ ok: true, value: expected, ignored: [] })
  })

  it.each([null, undefined, ''])('takes %j as no lender', (raw) => {
    expect(readLender(raw)).toEqual({ ok: true, value: null, ignored: [] })
  })

  it('names the members it leaves out, and takes the rest', () => {
    expect(readLender({ name: 'U', fax: '91 000', contact: { email: 'a@b.c', mobile: '600' } })).toEqual({
      ok: true,
      value: { name: 'U', contact: { email: 'a@b.c' } },
      ignored: ['fax', 'contact.mobile'],
    })
  })

  it.each([
    ['{"name": "U"', /not JSON/],
    ['[]', /must be an object/],
    [42, /must be an object/],
    [{ name: 42 }, /"name" must be a text/],
    [{ contact: 'pagos@demo.example' }, /"contact" must be an object/],
    [{ contact: { email: ['a'] } }, /"contact.email" must be a text/],
    [{ latePaymentCost: { fr: 'x' } }, /does not speak: "fr"/],
    [{ latePaymentCost: 3 }, /"latePaymentCost" must be a text, or one text per language/],
    [{ address: 'x'.repeat(1001) }, /"address" is longer than 1000 characters/],
  ])('refuses %j, saying why', (raw, problem) => {
    const check = readLender(raw)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.problem).toMatch(problem)
  })

  it("gives the late-payment cost in the form's language: the one text, or that language's", () => {
    expect(latePaymentCostIn({ latePaymentCost: 'TIN + 2' }, 'eu')).toBe('TIN + 2')
    const perLanguage = readLender({ latePaymentCost: { es: 'TIN + 2 puntos', en: 'TIN + 2 points', eu: ' ' } })
    expect(perLanguage.ok).toBe(true)
    if (!perLanguage.ok) return
    expect(latePaymentCostIn(perLanguage.value, 'en')).toBe('TIN + 2 points')
    expect(latePaymentCostIn(perLanguage.value, 'eu')).toBeUndefined()
    expect(latePaymentCostIn(null, 'es')).toBeUndefined()
  })
})
