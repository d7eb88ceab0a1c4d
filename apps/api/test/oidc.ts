import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider on a loopback port (oidc-provider with its development login
 * screens), standing in for Google or GitHub so the whole OAuth round trip runs offline.
 * Any login name is accepted; it becomes the account's email.
 */
export async function startOidcProvider(
  redirectUri: string,
  options: {
    /** Whether the provider vouches for a login's email (`email_verified`); yes unless told. */
    emailVerified?: (login: string) => boolean;
  } = {},
) {
  const emailVerified = options.emailVerified ?? (() => true);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "resumelens-test";
  const clientSecret = "resumelens-test-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: emailVerified(id), name: id.split("@")[0] }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    /**
     * Plays the user at the provider: starting from the authorization URL, logs in as `email`,
     * consents, and returns the URL the provider sends the browser back to.
     */
    async authorize(authorizationUrl: string, email: string): Promise<string> {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      let body: URLSearchParams | undefined;
      for (let hop = 0; hop < 20; hop++) {
        if (!url.startsWith(issuer)) return url;
        const response = await fetch(url, {
          method: body ? "POST" : "GET",
          body,
          redirect: "manual",
          headers: {
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
            ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(";");
          const index = pair?.indexOf("=") ?? -1;
          if (pair && index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
        }
        body = undefined;
        const location = response.headers.get("location");
        if (location) {
          url = new URL(location, url).toString();
          continue;
        }
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
        url = new URL(action.replace(/&amp;/g, "&"), url).toString();
        body = html.includes('name="prompt" value="login"')
          ? new URLSearchParams({ prompt: "login", login: email, password: "anything" })
          : new URLSearchParams({ prompt: "consent" });
      }
      throw new Error("too many hops at the provider");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
