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
