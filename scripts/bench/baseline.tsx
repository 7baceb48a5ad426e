// The baseline of the first-render figure: an empty React root, nothing else.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('probe')!).render(<div>React</div>)
