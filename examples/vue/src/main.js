import { defineFeesCalculator } from 'fees-calculator'
import { createApp } from 'vue'
import App from './App.vue'

// Registers <fees-calculator> before Vue renders it, so Vue sets its properties, not attributes.
defineFeesCalculator()
createApp(App).mount('#app')
