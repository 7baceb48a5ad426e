import { defineFeesCalculator } from 'fees-calculator'
import { mount } from 'svelte'
import App from './App.svelte'

// Registers <fees-calculator> before Svelte renders it, so Svelte sets its properties, not attributes.
defineFeesCalculator()
mount(App, { target: document.getElementById('app') })
