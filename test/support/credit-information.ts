import type { Language } from '../../src/domain/language.ts'

/**
 * The credit information form's headings in each language, as the Annex names them (docs/credit-information.md gives
 * the sources): what the form's PDF must say, read back in Node and in every engine.
 */
export const CREDIT_INFORMATION_HEADINGS: Record<Language, readonly string[]> = {
  es: [
    'Información normalizada europea sobre el crédito al consumo',
    'Información clave',
    '1. Identidad y detalles de contacto del prestamista/intermediario del crédito',
    '2. Descripción de las características principales del producto de crédito',
    '3. Costes del crédito',
    '4. Otros aspectos jurídicos importantes',
    '5. Información adicional en caso de comercialización a distancia de servicios financieros',
  ],
  en: [
    'Standard European Consumer Credit Information',
    'Key information',
    '1. Identity and contact details of the creditor/credit intermediary',
    '2. Description of the main features of the credit product',
    '3. Costs of the credit',
    '4. Other important legal aspects',
    '5. Additional information in the case of distance marketing of financial services',
  ],
  ca: [
    'Informació normalitzada europea sobre el crèdit al consum',
    'Informació clau',
    '1. Identitat i dades de contacte del prestador/intermediari del crèdit',
    '2. Descripció de les característiques principals del producte de crèdit',
    '3. Costos del crèdit',
    '4. Altres aspectes jurídics importants',
    '5. Informació addicional en cas de comercialització a distància de serveis financers',
  ],
  eu: [
    'Kontsumorako kredituari buruzko Europako informazio normalizatua',
    'Funtsezko informazioa',
    '1. Mailegu-emailearen/kreditu-bitartekariaren identitatea eta harremanetarako datuak',
    '2. Kreditu-produktuaren ezaugarri nagusien deskribapena',
    '3. Kredituaren kostuak',
    '4. Beste alderdi juridiko garrantzitsu batzuk',
    '5. Informazio gehigarria, finantza-zerbitzuak urrutitik merkaturatzen direnean',
  ],
  gl: [
    'Información normalizada europea sobre o crédito ao consumo',
    'Información clave',
    '1. Identidade e datos de contacto do prestamista/intermediario do crédito',
    '2. Descrición das características principais do produto de crédito',
    '3. Custos do crédito',
    '4. Outros aspectos xurídicos importantes',
    '5. Información adicional en caso de comercialización a distancia de servizos financeiros',
  ],
  pt: [
    'Informação Normalizada Europeia em matéria de Crédito aos Consumidores',
    'Informação essencial',
    '1. Identidade e elementos de contacto do credor/mediador de crédito',
    '2. Descrição das principais características do crédito',
    '3. Custos do crédito',
    '4. Outros aspetos jurídicos importantes',
    '5. Informações adicionais em caso de comercialização à distância de serviços financeiros',
  ],
}
