import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * One section of the editor: a card whose heading is a landmark the checklist and the section
 * menu jump to (focusable, so keyboard and screen-reader users land there too).
 */
export function EditorSection({
  id,
  title,
  description,
  children,
  className,
  contentClassName,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  contentClassName?: string;
}) {
  return (
    <Card className={cn('scroll-mt-4', className)} id={`${id}-card`}>
      <section aria-labelledby={id}>
        <CardHeader>
          <h2
            id={id}
            tabIndex={-1}
            className="scroll-mt-6 text-base leading-tight font-semibold outline-none"
          >
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </section>
    </Card>
  );
}
