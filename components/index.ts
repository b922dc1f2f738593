/**
 * ink-mcp/components: widgets a person uses with the keyboard and an agent drives through MCP. Each
 * one is exposed (as `session.<id>.<action>`) when it is given an `id`.
 * @module ink-mcp/components
 */
// Registers the default type map's adapters (ink-text-input, ink-select-input, @inkjs/ui) when loaded.
import './adapters/index.js';

export { Button, type ButtonProps } from './Button.js';
export { Checkbox, type CheckboxProps } from './Checkbox.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export type { Option } from './internal/options.js';
export { MultiSelect, type MultiSelectProps } from './MultiSelect.js';
export { PasswordInput, type PasswordInputProps } from './PasswordInput.js';
export { ScrollView, type ScrollViewProps } from './ScrollView.js';
export { Select, type SelectProps } from './Select.js';
export { type Column, type Row, type Sort, type SortDirection, Table, type TableProps } from './Table.js';
export { Tabs, type TabsProps } from './Tabs.js';
export { TextInput, type TextInputProps } from './TextInput.js';
export { withId } from './withId.js';
