import { readFileSync } from 'node:fs'
import type { Messages } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Language, spokenLanguage } from '../domain/language.ts'
import { messages as ca } from '../locales/ca/messages.po'
import { messages as en } from '../locales/en/messages.po'
import { messages as es } from '../locales/es/messages.po'
import { messages as eu } from '../locales/eu/messages.po'
import { messages as gl } from '../locales/gl/messages.po'
import { messages as pt } from '../locales/pt/messages.po'
import { createWidgetWords, loadWords } from './i18n.ts'
import { checkedMessages as checked } from './messages-check.ts'
import { type FeesCalculatorMessageId, REPLACEABLE_WORDS } from './replaceable-words.ts'

const CATALOGUES: Record<Language, Messages> = { es, en, ca, eu, gl, pt }
const checkedMessages = (given: unknown) => checked(given, REPLACEABLE_WORDS, spokenLanguage)
const IDS = Object.keys(REPLACEABLE_WORDS) as FeesCalculatorMessageId[]
/** The legal terms' acronyms in every language, and the English one: they are never the university's to change. */
const ACRONYMS = /\b(TIN|TAE|ITN|UTB|TAN|TAEG|APR|MTIC)\b/

/** A catalogue's compiled message as plain text, or null when it fills anything in. */
const plainText = (compiled: Messages[string] | undefined) =>
  typeof compiled === 'string'
    ? compiled
    : Array.isArray(compiled) && compiled.every((token) => typeof token === 'string')
      ? compiled.join('')
      : null

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the words a university may replace', () => {
  it.each(Object.keys(CATALOGUES) as Language[])(
    '%s: each name is a message of the catalogue, plain text with no figure, placeholder or legal acronym',
    (language) => {
      for (const id of IDS) {
        const text = plainText(CATALOGUES[language][REPLACEABLE_WORDS[id].id])
        expect(text, `${language} ${id}`).toBeTruthy()
        expect(text, `${language} ${id}`).not.toMatch(ACRONYMS)
        expect(text, `${language} ${id}`).not.toMatch(/[{}#\d]/)
      }
    },
  )

  it("are the README's list, in the code's order, with their English and Spanish words", () => {
    const rows = IDS.map(
      (id) => `| \`${id}\` | ${plainText(en[REPLACEABLE_WORDS[id].id])} | ${plainText(es[REPLACEABLE_WORDS[id].id])} |`,
    )
    const table = ['| id | English | Spanish |', '|---|---|---|', ...rows].join('\n')
    const readme = readFileSync('README.md', 'utf8')
    const listed = /<!-- replaceable-words -->\n([\s\S]*?)\n<!-- \/replaceable-words -->/.exec(readme)?.[1]
    expect(listed, 'README.md between <!-- replaceable-words --> and <!-- /replaceable-words -->').toBe(table)
  })
})

describe('checkedMessages: the `messages` a host gives, checked', () => {
  it('keeps known names per language (by primary subtag), as messages shown as written', () => {
    const own = checkedMessages({ 'es-ES': { save: 'GUARDAR {PLAN}', tuitionLabel: 'Importe de las tasas' }, en: {} })
    expect(own).toEqual({
      es: {
        [REPLACEABLE_WORDS.save.id]: ['GUARDAR {PLAN}'],
        [REPLACEABLE_WORDS.tuitionLabel.id]: ['Importe de las tasas'],
      },
      en: {},
    })
    expect(checkedMessages(JSON.stringify({ gl: { privacy: 'Privacidade' } }))).toEqual({
      gl: { [REPLACEABLE_WORDS.privacy.id]: ['Privacidade'] },
    })
  })

  it('warns once about an unknown name, naming it, however often it is given, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const given = { es: { sav: 'GUARDAR PLAN', save: 'GUARDAR PLAN' }, en: { sav: 'SAVE PLAN' } }
    expect(checkedMessages(given)).toEqual({ es: { [REPLACEABLE_WORDS.save.id]: ['GUARDAR PLAN'] }, en: {} })
    checkedMessages(JSON.stringify(given))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/^fees-calculator: messages: unknown id "sav" \(it knows title, intro, /)
  })

  it('gives nothing for nothing, and warns of JSON it cannot read, a language it does not speak, or words that are not text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const none of [null, undefined, '', '  ']) expect(checkedMessages(none)).toBeNull()
    expect(warn).not.toHaveBeenCalled()
    expect(checkedMessages('{"es": {"save": ')).toBeNull()
    expect(checkedMessages({ fr: { save: 'ENREGISTRER' }, ca: { save: 42, cookies: '' } })).toEqual({ ca: {} })
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'fees-calculator: messages: not JSON',
      'fees-calculator: messages: "fr" is not a language it speaks',
      'fees-calculator: messages: "save" in "ca" is not text',
      'fees-calculator: messages: "cookies" in "ca" is not text',
    ])
  })
})

describe("a widget's words with the university's", () => {
  it('speak them in their language, the widget’s own in a language they leave out, and change when they do', async () => {
    await loadWords('en')
    let given = checkedMessages({ es: { save: 'GUARDAR PLAN' } })
    const words = createWidgetWords(() => given)
    expect(words.of('es')?._(REPLACEABLE_WORDS.save)).toBe('GUARDAR PLAN')
    expect(words.of('es')?._(REPLACEABLE_WORDS.saving)).toBe('GUARDANDO…')
    expect(words.of('en')?._(REPLACEABLE_WORDS.save)).toBe('SAVE')
    given = checkedMessages({ es: { save: 'CONFIRMAR' }, en: { save: 'KEEP' } })
    expect(words.of('es')?._(REPLACEABLE_WORDS.save)).toBe('CONFIRMAR')
    expect(words.of('en')?._(REPLACEABLE_WORDS.save)).toBe('KEEP')
    given = null
    expect(words.of('es')?._(REPLACEABLE_WORDS.save)).toBe('GUARDAR')
  })
})
