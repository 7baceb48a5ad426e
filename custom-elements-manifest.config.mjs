// The Custom Elements Manifest is generated from the JSDoc on the element class
// (src/element.ts) and the theme's CSS custom properties and parts.
export default {
  globs: ['src/element.ts', 'src/ui/theme.ts'],
  outdir: 'dist',
  dev: false,
  packagejson: false,
}
