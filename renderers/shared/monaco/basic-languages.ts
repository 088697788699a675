/**
 * monaco's tokenizers (colouring only: no worker, no language service) of the code editor's
 * modes (widgets.md §9). Each registration is a few lines; its grammar loads the first time a
 * model of that language is made.
 */
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/java/register';
import 'monaco-editor/languages/definitions/objective-c/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/r/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/swift/register';
import 'monaco-editor/languages/definitions/markdown/register';
