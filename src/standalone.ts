// The script-tag build: loading it registers <fees-calculator>.
import { defineFeesCalculator } from './define.ts'

defineFeesCalculator()
