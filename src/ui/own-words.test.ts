import { readFileSync } from 'node:fs'
import type { Messages } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '../domain/language.ts'
import { messages as ca } from '../locales/ca/messages.po'
import { messages as en } from '../locales/en/messages.po'
import { messages as es } from '../locales/es/messages.po'
import { messages as eu } from '../locales/eu/messages.po'
import { messages as gl } from '../locales/gl/messages.po'
import { messages as pt } from '../locales/pt/messages.po'
import { createWidgetWords, loadWords } from './i18n.ts'
import { type FeesCalculatorMessageId, OWN_WORDS, ownMessages } from './own-words.ts'

const CATALOGUES: Record<Language, Messages> = { es, en, ca, eu, gl, pt }
const IDS = Object.keys(OWN_WORDS) as FeesCalculatorMessageId[]
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
        const text = plainText(CATALOGUES[language][OWN_WORDS[id].id])
        expect(text, `${language} ${id}`).toBeTruthy()
        expect(text, `${language} ${id}`).not.toMatch(ACRONYMS)
        expect(text, `${language} ${id}`).not.toMatch(/[{}#\d]/)
      }
    },
  )

  it("are the README's list, in the code's order, with their English and Spanish words", () => {
    const rows = IDS.map(
      (id) => `| \`${id}\` | ${plainText(en[OWN_WORDS[id].id])} | ${plainText(es[OWN_WORDS[id].id])} |`,
    )
    const table = ['| id | English | Spanish |', '|---|---|---|', ...rows].join('\n')
    const readme = readFileSync('README.md', 'utf8')
    const listed = /<!-- own-words -->\n([\s\S]*?)\n<!-- \/own-words -->/.exec(readme)?.[1]
    expect(listed, 'README.md between <!-- own-words --> and <!-- /own-words -->').toBe(table)
  })
})

describe('ownMessages: the `messages` a host gives, checked', () => {
  it('keeps known names per language (by primary subtag), as messages shown as written', () => {
    const own = ownMessages({ 'es-ES': { save: 'GUARDAR {PLAN}', tuitionLabel: 'Importe de las tasas' }, en: {} })
    expect(own).toEqual({
      es: { [OWN_WORDS.save.id]: ['GUARDAR {PLAN}'], [OWN_WORDS.tuitionLabel.id]: ['Importe de las tasas'] },
      en: {},
    })
    expect(ownMessages(JSON.stringify({ gl: { privacy: 'Privacidade' } }))).toEqual({
      gl: { [OWN_WORDS.privacy.id]: ['Privacidade'] },
    })
  })

  it('warns once about an unknown name, naming it, however often it is given, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const given = { es: { sav: 'GUARDAR PLAN', save: 'GUARDAR PLAN' }, en: { sav: 'SAVE PLAN' } }
    expect(ownMessages(given)).toEqual({ es: { [OWN_WORDS.save.id]: ['GUARDAR PLAN'] }, en: {} })
    ownMessages(JSON.stringify(given))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/^fees-calculator: messages: unknown id "sav" \(it knows title, intro, /)
  })

  it('gives nothing for nothing, and warns of JSON it cannot read, a language it does not speak, or words that are not text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const none of [null, undefined, '', '  ']) expect(ownMessages(none)).toBeNull()
    expect(warn).not.toHaveBeenCalled()
    expect(ownMessages('{"es": {"save": ')).toBeNull()
    expect(ownMessages({ fr: { save: 'ENREGISTRER' }, ca: { save: 42, cookies: '' } })).toEqual({ ca: {} })
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
    let given = ownMessages({ es: { save: 'GUARDAR PLAN' } })
    const words = createWidgetWords(() => given)
    expect(words.of('es')?._(OWN_WORDS.save)).toBe('GUARDAR PLAN')
    expect(words.of('es')?._(OWN_WORDS.saving)).toBe('GUARDANDO…')
    expect(words.of('en')?._(OWN_WORDS.save)).toBe('SAVE')
    given = ownMessages({ es: { save: 'CONFIRMAR' }, en: { save: 'KEEP' } })
    expect(words.of('es')?._(OWN_WORDS.save)).toBe('CONFIRMAR')
    expect(words.of('en')?._(OWN_WORDS.save)).toBe('KEEP')
    given = null
    expect(words.of('es')?._(OWN_WORDS.save)).toBe('GUARDAR')
  })
})
