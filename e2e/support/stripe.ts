import type { Page } from "playwright-core";

/**
 * The card provider's edge, offline. Stripe.js cannot be downloaded here, so the journey serves a
 * small stand-in at its URL: the same global `Stripe(publishableKey)` with `elements()`,
 * `create('payment')` and `confirmPayment()` that @stripe/stripe-js and @stripe/react-stripe-js
 * drive. It draws a plain card form where the real Payment Element draws its iframe, and
 * confirms the intent over HTTP at api.stripe.com, which the test routes to the local stand-in of
 * Stripe's API (apps/api/test/stripe-fake.ts). The product code is untouched.
 */
const STRIPE_JS = String.raw`(() => {
  const API = "https://api.stripe.com/v1";
  const CARDS = { "4242424242424242": "pm_card_visa", "4000000000000002": "pm_card_chargeDeclined" };

  function createElement(type, options, elements) {
    const handlers = {};
    let node = null;
    const emit = (event, payload) => (handlers[event] || []).forEach((cb) => cb(payload));
    const element = {
      mount(target) {
        node = typeof target === "string" ? document.querySelector(target) : target;
        node.innerHTML =
          '<div data-testid="fake-payment-element" style="display:grid;gap:8px">' +
          '<label>Card number<input name="cardnumber" autocomplete="cc-number" inputmode="numeric" style="display:block;width:100%;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          '<label>Expiration<input name="exp-date" placeholder="MM / YY" style="display:block;width:100%;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          '<label>CVC<input name="cvc" style="display:block;width:100%;border:1px solid #cbd5e1;border-radius:6px;padding:8px"></label>' +
          "</div>";
        node.addEventListener("input", () => emit("change", { elementType: type, complete: true, empty: false }));
        elements._element = element;
        setTimeout(() => emit("ready", { elementType: type }), 0);
      },
      on(event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
        return element;
      },
      off(event, cb) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== cb);
        return element;
      },
      update() {},
      unmount() {
        if (node) node.innerHTML = "";
      },
      destroy() {
        element.unmount();
      },
      _card() {
        return node ? node.querySelector('input[name="cardnumber"]').value.replace(/\s/g, "") : "";
      },
    };
    return element;
  }

  function Stripe(key) {
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options) {
        const elements = {
          _options: options || {},
          _element: null,
          create: (type, elementOptions) => createElement(type, elementOptions, elements),
          getElement: () => elements._element,
          update(next) {
            Object.assign(elements._options, next);
          },
          submit: async () => ({}),
          fetchUpdates: async () => ({}),
        };
        return elements;
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      async confirmPayment({ elements, confirmParams, redirect }) {
        const clientSecret = elements._options.clientSecret;
        const id = clientSecret.split("_secret_")[0];
        const method = CARDS[elements._element ? elements._element._card() : ""];
        if (!method) {
          return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is invalid." } };
        }
        const body = new URLSearchParams({
          key,
          client_secret: clientSecret,
          payment_method: method,
          return_url: confirmParams.return_url,
        });
        const response = await fetch(API + "/payment_intents/" + id + "/confirm", { method: "POST", body });
        const json = await response.json();
        if (!response.ok) return { error: json.error };
        if (redirect !== "if_required") {
          const url = new URL(confirmParams.return_url);
          url.searchParams.set("payment_intent", id);
          url.searchParams.set("payment_intent_client_secret", clientSecret);
          url.searchParams.set("redirect_status", json.status);
          window.location.assign(url.toString());
          return new Promise(() => {});
        }
        return { paymentIntent: json };
      },
    };
    return stripe;
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Serves the Stripe.js stand-in and sends the page's Stripe API calls to the local fake. */
export async function routeStripe(page: Page, fakeApiUrl: string): Promise<{ scriptLoads: () => number }> {
  let loads = 0;
  await page.route("https://js.stripe.com/**", async (route) => {
    loads += 1;
    await route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS });
  });
  await page.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const response = await fetch(`${fakeApiUrl}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { "content-type": request.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
      body: request.method() === "GET" ? undefined : (request.postData() ?? undefined),
    });
    await route.fulfill({
      status: response.status,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*" },
      body: await response.text(),
    });
  });
  return { scriptLoads: () => loads };
}
