import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadRoute } from "./app/router.tsx";
import { shellSession } from "./lib/auth-client.ts";
import { holdUntilFirstPaint } from "./lib/first-paint.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// When the page said who is signed in, the first screen's code loads before the first render (the
// server already asked the browser to fetch it), so that screen appears whole, without a spinner.
const firstScreen = shellSession.known
  ? preloadRoute(window.location.pathname, shellSession.data !== null)
  : Promise.resolve();

void firstScreen.then(() => {
  holdUntilFirstPaint();
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices, yielding to the browser between
  // them, rather than in one long task that would block input on a slow phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
