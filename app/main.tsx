import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { AppStore } from './model/app-store';
import { readToken } from './model/token';
import { AppProvider } from './state/app-context';
import { MissingToken } from './ui/missing-token';
import { startTheme } from './ui/use-theme';
import './styles.css';

startTheme();
const root = createRoot(document.getElementById('root')!);
const token = readToken(location.hash);
if (!token) {
  root.render(<MissingToken />);
} else {
  const store = new AppStore(token);
  store.start();
  root.render(
    <StrictMode>
      <AppProvider store={store}>
        <App />
      </AppProvider>
    </StrictMode>,
  );
}
