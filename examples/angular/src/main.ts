import { bootstrapApplication } from '@angular/platform-browser'
import { defineFeesCalculator } from 'fees-calculator'
import { App } from './app/app'

// Registers <fees-calculator> before Angular renders it, so [tuitionInput] sets the element's property.
defineFeesCalculator()
bootstrapApplication(App).catch((error) => console.error(error))
