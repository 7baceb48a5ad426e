/**
 * What jsPDF loads only to draw HTML or SVG and to clean HTML (html2canvas, canvg with core-js, DOMPurify). The plan's
 * PDF is drawn with jsPDF's own text and lines and needs none of them: every build resolves the three to this module
 * (vite.config.ts), so that neither our bundler nor an integrator's packs about 380 KB nobody runs, and a call that
 * would need one fails saying why.
 */
throw new Error(
  'fees-calculator builds jsPDF without html2canvas, canvg and DOMPurify: its PDF draws with none of them',
)
