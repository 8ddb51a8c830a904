import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "og/.wrangler/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "bench/results/",
      "bench/remix-floor/build/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/no-empty-object-type": "off",
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The three rings (docs/decisions/090-three-rings.md): core, then the domains, then routes and
    // the route kit. No import cycle anywhere; the resolver follows the `~/` paths of tsconfig.json.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "party/**/*.ts", "server.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Browser code: everything in app/ that is neither a server module nor a route module (Remix
    // strips a route's loader and action, and with them its server imports, from the client build).
    // The sections beside a route folder's route.tsx are browser code too.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/**/*.server.{ts,tsx}",
      // Route modules (a flat file, or route.tsx of a route folder); a folder's other files are browser code.
      "app/routes/*.{ts,tsx}",
      "app/routes/*/route.{ts,tsx}",
      "app/root.tsx",
      "app/entry.server.tsx",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts"],
              message:
                "Browser code does not import server modules, not even their types: move the type to the domain's browser-safe file.",
            },
            {
              group: ["**/db/schema", "**/db/client", "drizzle-orm", "drizzle-orm/*"],
              message:
                "Browser code reads enums from db/enums; the schema and drizzle stay on the server (a row's type may be imported).",
              allowTypeImports: true,
            },
            {
              group: ["sonner"],
              importNames: ["toast"],
              message:
                "Use toast from ~/components/layout/toaster: it loads sonner on first use, outside the page's preloads.",
            },
            {
              group: ["~/http/*", "**/http/*"],
              message: "The route kit is the routes' ring; browser code below it does not import it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server code in app/ never reaches partyserver, so `remix vite:dev` runs without Durable Objects
    // (ADR 003, 043): the chat's room class is the one exception, and only party/index.ts imports it.
    // (Browser files are the block above's: disjoint from these, so its options stay theirs.)
    files: ["app/**/*.server.{ts,tsx}", "app/routes/*.{ts,tsx}", "app/routes/*/route.{ts,tsx}", "app/root.tsx"],
    ignores: ["app/modules/chats/room/chat-room.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["partyserver", "partyserver/*", "**/party/*", "**/room/chat-room.server"],
              message:
                "app/ reaches the rooms through ctx.realtime; only server.ts (party/index.ts) loads a room's class.",
            },
          ],
        },
      ],
    },
  },
  {
    // The core ring knows no domain, no route and no route kit.
    files: ["app/core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/modules/*", "~/routes/*", "~/http/*", "~/root"],
              message: "app/core is the innermost ring: it imports nothing above it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared helpers (app/utils) and shared UI (app/components) are core (docs/decisions/091-shared-code-is-core.md):
    // the domains use them, so they know no domain, no route and no route kit. What the shared header
    // needs from a domain, root.tsx hands it as a prop.
    files: ["app/utils/**", "app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/modules/*",
                "**/modules/*",
                "~/routes/*",
                "**/routes/*",
                "~/root",
                "**/root",
                "~/http/*",
                "**/http/*",
              ],
              message:
                "app/utils and app/components are the core ring: a helper that needs a domain belongs in that domain or in app/http; the header gets domain values as props from root.tsx.",
            },
          ],
        },
      ],
    },
  },
  {
    // db/ (the schema, the client, factories and seeds) is core too: it imports app/core, never a domain,
    // a route or the kit; a pure rule both need moves to app/core.
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/app/modules/*",
                "**/app/routes/*",
                "**/app/http/*",
                "**/app/root",
                "~/modules/*",
                "~/routes/*",
                "~/http/*",
                "~/root",
              ],
              message: "db/ is the core ring: move the pure rule it needs to app/core.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every domain file, browser-safe ones included, sits under the routes and the kit (ADR 091): a
    // hook that reads the root loader's data types it by its shape. The server block below repeats
    // these patterns, since its rule options replace these for *.server.ts.
    files: ["app/modules/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "**/routes/*", "~/root", "**/root", "~/http/*", "**/http/*"],
              message: "Domains do not import routes, root.tsx or the route kit (a higher ring).",
            },
          ],
        },
      ],
    },
  },
  {
    // Domains sit under the routes and the kit, and know nothing of HTTP (docs/decisions/080-route-kit.md):
    // the route kit in app/http adapts requests to them.
    files: ["app/modules/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@remix-run/*"], message: "Domain modules do not import Remix; adapt in app/http." },
            {
              group: ["~/routes/*", "**/routes/*", "~/root", "**/root", "~/http/*", "**/http/*"],
              message: "Domains do not import routes or the route kit (a higher ring).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(Request|AppLoadContext)$/]",
          message: "Domain modules take values (a token, an address), not a Request or the load context.",
        },
      ],
    },
  },
  {
    // Command-line scripts and benchmarks report to the terminal.
    files: ["scripts/**", "bench/**", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures destructure nothing from the first argument by design.
    files: ["tests/e2e/**"],
    rules: {
      "no-empty-pattern": "off",
      // A test run leaves the tree clean: the documentation's screenshots are refreshed by `npm run screens`.
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/docs\\/screens/], TemplateElement[value.raw=/docs\\/screens/]",
          message: "Screenshots go through screenPath (tests/e2e/screens.ts); `npm run screens` writes docs/screens/.",
        },
      ],
    },
  },
);
