import {
  CODE_LANGUAGES,
  type CodeLanguage,
} from '../../src/contracts/catalogue/entries/code-editor';

/**
 * monaco's language id of a mode. monaco has no `vue` mode: a Vue single-file component is
 * coloured as HTML (its template, `<script>` and `<style>` blocks).
 */
export function monacoLanguageOf(mode: CodeLanguage): string {
  return mode === 'vue' ? 'html' : mode;
}

/** The language selector's options: every mode of widgets.md §9, by its name. */
export const LANGUAGE_OPTIONS: readonly { value: CodeLanguage; label: string }[] =
  CODE_LANGUAGES.map((mode) => ({ value: mode, label: mode }));
