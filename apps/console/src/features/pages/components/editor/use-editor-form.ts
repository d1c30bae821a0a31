/** The editor's form, as its sections reach it (they sit inside the editor's FormProvider). */
import { useFormContext, type Control } from 'react-hook-form';
import type { PageFormInput, PageFormOutput } from '../../page-form';

export type EditorControl = Control<PageFormInput, unknown, PageFormOutput>;

export const useEditorForm = () => useFormContext<PageFormInput, unknown, PageFormOutput>();
