package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"efir/internal/config"
	"efir/internal/operator"
)

// operatorCmd runs the operator tools:
//
//	efir operator add-admin -provider demo -email owner@example.com [-name N] [-role owner]
//
// add-admin makes a staff member of an operator (of the platform without
// -provider) and prints their one-time set-up link.
func operatorCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) == 0 || args[0] != "add-admin" {
		return errors.New("usage: efir operator add-admin -provider SHORTNAME -email ADDRESS [-name NAME] [-role owner|admin|support|content|finance]")
	}
	fs := flag.NewFlagSet("operator add-admin", flag.ContinueOnError)
	prov := fs.String("provider", "", "the operator's shortname (none: a platform administrator)")
	email := fs.String("email", "", "the staff member's e-mail")
	name := fs.String("name", "", "their name")
	role := fs.String("role", "owner", "owner, admin, support, content or finance")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("operator add-admin: -email is required")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	link, err := operator.AddStaff(ctx, db, time.Now(), cfg.PublicURL, *prov, *email, *name, operator.Role(*role))
	if err != nil {
		return err
	}
	fmt.Printf("%s (%s) added; set the password within 72 hours at:\n%s\n", *email, *role, link)
	return nil
}
