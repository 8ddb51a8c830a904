import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "playwright-report/", "test-results/", "bench/results/"] },
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
    // Domain modules know nothing of HTTP (docs/decisions/080-route-kit.md): the route kit in
    // app/http adapts requests to them, so they neither import Remix nor take a request or a load context.
    files: ["app/modules/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@remix-run/*"], message: "Domain modules do not import Remix; adapt in app/http." }] },
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
    rules: { "no-empty-pattern": "off" },
  },
);
