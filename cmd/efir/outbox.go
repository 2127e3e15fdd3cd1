package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"efir/internal/config"
	"efir/internal/otp"
)

// outbox lists what the outbox sender "sent": one-time codes and texts.
func outbox(ctx context.Context, cfg config.Config, args []string) error {
	fs := flag.NewFlagSet("outbox", flag.ContinueOnError)
	limit := fs.Int("n", 20, "how many entries, newest first")
	phone := fs.String("phone", "", "only this phone (digits)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	entries, err := otp.ListOutbox(ctx, db, *phone, *limit)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "TIME\tPHONE\tCODE\tTEXT")
	for _, e := range entries {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", time.Unix(e.CreatedAt, 0).Format(time.DateTime), e.Phone, e.Code, e.Text)
	}
	return w.Flush()
}
