import { describe, expect, it } from 'vitest'
import { LANGUAGES, languageOfAcceptLanguage } from './languages.ts'

describe('languageOfAcceptLanguage', () => {
  it('picks the first language the calculator speaks, by weight and then by order', () => {
    expect(languageOfAcceptLanguage('ca-ES,ca;q=0.9,en;q=0.8')).toBe('ca')
    expect(languageOfAcceptLanguage('fr-FR,fr;q=0.9,gl;q=0.5,en;q=0.7')).toBe('en')
    expect(languageOfAcceptLanguage('en;q=0.5, eu')).toBe('eu')
    expect(languageOfAcceptLanguage('EU_es, es')).toBe('eu')
    expect(languageOfAcceptLanguage('pt-BR')).toBe('pt')
  })

  it('gives the fallback (Spanish unless told) when it speaks none of them', () => {
    expect(languageOfAcceptLanguage('fr-FR,de;q=0.5,*;q=0.1')).toBe('es')
    expect(languageOfAcceptLanguage('fr', 'en')).toBe('en')
    expect(languageOfAcceptLanguage(undefined, 'en')).toBe('en')
    expect(languageOfAcceptLanguage('')).toBe('es')
  })

  it('skips a language the browser refuses (q=0) or weighs nonsensically', () => {
    expect(languageOfAcceptLanguage('ca;q=0, gl;q=0.2')).toBe('gl')
    expect(languageOfAcceptLanguage('ca;q=abc, eu;q=2, en;q=0.1')).toBe('en')
  })

  it('speaks the six languages of the README', () => {
    expect(LANGUAGES).toEqual(['es', 'en', 'ca', 'eu', 'gl', 'pt'])
  })
})
