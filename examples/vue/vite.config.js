import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  base: './',
  plugins: [
    vue({
      template: {
        // <fees-calculator> is a custom element, not a Vue component: Vue leaves it to the browser.
        compilerOptions: { isCustomElement: (tag) => tag === 'fees-calculator' },
      },
    }),
  ],
})
