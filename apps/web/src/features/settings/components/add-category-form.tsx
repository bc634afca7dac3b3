import { useState, type FormEvent } from 'react';
import { Button, ColorInput, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import { FaPlus } from 'react-icons/fa';
import {
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  MAX_CATEGORY_NAME_LENGTH,
  MESSAGES,
  createCategorySchema,
  type CategoryIcon,
  type CategoryView,
} from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useCreateCategory } from '../api/create-category.ts';
import { IconPicker } from './icon-picker.tsx';

// A few of the colours people pick most, one click away; any other can be typed or picked.
/** The icon has no field of its own to flag: a problem with it stands in the banner. */
const FIELDS = ['name', 'color'] as const;

const SWATCHES = ['#4ECDC4', '#FF6B6B', '#45B7D1', '#96CEB4', '#FFEAA7', '#DDA0DD', '#F7B731', '#5F27CD', '#95A5A6', '#2D3436'];

type Props = {
  /** The whole list, to catch a duplicate before asking the server (SPEC 5: "locally and against the server"). */
  existing: CategoryView[];
  onAdded: () => void;
  /** Called with null as the form is sent: the section's banner (a failed delete) is about something else. */
  onError: (message: string | null) => void;
};

/** SPEC "Settings": a name, a colour (default #4ECDC4) and one of 13 icons (default question). */
export function AddCategoryForm({ existing, onAdded, onError }: Props) {
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_CATEGORY_COLOR);
  const [icon, setIcon] = useState<CategoryIcon>(DEFAULT_CATEGORY_ICON);
  const problems = useFormProblems(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    onError(null);
    const parsed = createCategorySchema.safeParse({ name, color, icon });
    if (!parsed.success) return void problems.fromSchema(parsed.error);
    const lower = parsed.data.name.toLowerCase();
    if (existing.some((category) => category.name.toLowerCase() === lower)) return problems.show(MESSAGES.itemNameExists, 'name');
    problems.clear();
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setColor(DEFAULT_CATEGORY_COLOR);
        setIcon(DEFAULT_CATEGORY_ICON);
        onAdded();
      },
      onError: (failure) => problems.fromServer(failure, MESSAGES.addItemFailed),
    });
  }

  return (
    <form id={problems.formId} onSubmit={handleSubmit} noValidate aria-label="Add item">
      <Stack gap="sm">
        <ErrorBanner message={problems.banner} />
        <TextInput
          label="Item name"
          value={name}
          maxLength={MAX_CATEGORY_NAME_LENGTH}
          error={problems.errorOf('name')}
          onChange={problems.typed('name', setName)}
          autoComplete="off"
        />
        <ColorInput
          label="Colour"
          format="hex"
          value={color}
          error={problems.errorOf('color')}
          onChange={(value) => {
            setColor(value);
            problems.edited('color');
          }} swatches={SWATCHES} swatchesPerRow={10} maw={260} />
        <IconPicker value={icon} onChange={setIcon} />
        <div>
          <Button type="submit" leftSection={<FaPlus aria-hidden />} loading={create.isPending}>
            Add Item
          </Button>
        </div>
      </Stack>
    </form>
  );
}
