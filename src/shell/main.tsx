import { createRoot } from 'react-dom/client';
import { ensureToastHost } from '../elements/common/toast-host';
import { App } from './App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
ensureToastHost();
