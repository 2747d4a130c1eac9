import { TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The header of a figures table: the columns that name each row, then Units and Revenue. */
export function FigureTableHead({ labels }: { labels: string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {labels.map((label) => (
          <TableHead key={label} scope="col">
            {label}
          </TableHead>
        ))}
        <TableHead scope="col" className="text-right">
          Units
        </TableHead>
        <TableHead scope="col" className="text-right">
          Revenue
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}
