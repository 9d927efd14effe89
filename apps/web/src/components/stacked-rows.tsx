import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface StackedField {
  label: string;
  value: ReactNode;
  /** Takes a line of its own (long text). */
  wide?: boolean;
}

export interface StackedRow {
  key: string | number;
  /** What the row is about (the first column of the table it replaces). */
  title: ReactNode;
  /** A figure that matters most, at the end of the title line (a result, a status). */
  aside?: ReactNode;
  /** Every other column of the table, each with its header as its label. */
  fields: readonly StackedField[];
  /** The row to mark (a team page's own team). */
  selected?: boolean;
  /** Buttons at the foot of the card (the table's action column). */
  actions?: ReactNode;
}

/** Figures under their labels (a description list), as many to a line as the width holds. */
export function Figures({
  fields,
  minWidth = '4.75rem',
  sx,
}: {
  fields: readonly StackedField[];
  /** The narrowest a figure's column may be: short figures fit more to a line. */
  minWidth?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="dl"
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}, 1fr))`,
          columnGap: 1,
          rowGap: 0.75,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={field.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary', lineHeight: 1.3 }}>
            {field.label}
          </Box>
          <Box
            component="dd"
            sx={{
              m: 0,
              typography: 'body2',
              fontWeight: 500,
              fontVariantNumeric: 'tabular-nums',
              // Figures keep whole; long text (a wide field) may break anywhere.
              overflowWrap: field.wide ? 'anywhere' : 'normal',
            }}
          >
            {field.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

interface StackedRowsProps {
  label: string;
  rows: readonly StackedRow[];
  /** Cards side by side where the width allows, each at least this wide (e.g. "18rem"); one column by default. */
  minCardWidth?: string;
  /** The narrowest a figure's column may be (see Figures). */
  minFieldWidth?: string;
}

/**
 * Rows as stacked cards: a title line, then each figure under its label, wrapping onto as many lines as the
 * width needs. The phone layout of a wide table (every figure of the table stays on the card), and lists of
 * figures such as the trends.
 */
export function StackedRows({ label, rows, minCardWidth, minFieldWidth }: StackedRowsProps) {
  return (
    // role="list": list-style none drops the list semantics in some browsers.
    <Box
      component="ul"
      role="list"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: minCardWidth
          ? `repeat(auto-fill, minmax(min(100%, ${minCardWidth}), 1fr))`
          : 'minmax(0, 1fr)',
      }}
    >
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          aria-current={row.selected ? 'true' : undefined}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.25,
            py: 1,
            bgcolor: row.selected ? 'action.selected' : undefined,
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Box
              sx={{
                fontWeight: 600,
                minWidth: 0,
                overflowWrap: 'anywhere',
                // Within a line of text a link must show more than its colour.
                '& a': { textDecoration: 'underline' },
              }}
            >
              {row.title}
            </Box>
            {row.aside === undefined ? null : (
              <Box sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>{row.aside}</Box>
            )}
          </Box>
          {row.fields.length > 0 ? <Figures fields={row.fields} minWidth={minFieldWidth} sx={{ mt: 0.75 }} /> : null}
          {row.actions ? <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>{row.actions}</Box> : null}
        </Box>
      ))}
    </Box>
  );
}
