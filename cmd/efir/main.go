// Command efir is the whole Efir platform in one binary: the viewer API, the
// media origin and the web client (serve), plus operator tools.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"efir/internal/config"
)

const usage = `efir: online TV and video-on-demand platform

usage: efir <command> [arguments]

commands:
  serve     run the API, the media origin and the web client (default)
  migrate   apply database migrations and exit
  seed      load the demo operator into the database (once; safe to repeat)
  outbox    list the latest one-time codes and texts of the outbox sender
  renew     charge the subscriptions due now (or at -at RFC3339) once
  operator  operator tools: efir operator add-admin -provider SHORTNAME -email ADDRESS
            (prints the new staff member's one-time set-up link)
  import    load a programme guide or a channel line-up:
            efir import xmltv|m3u [flags] <file|url|->
  version   print the version

configuration is read from EFIR_* environment variables (see README.md)
`

// version is set by the build (-ldflags "-X main.version=...").
var version = "dev"

func main() {
	cmd := "serve"
	args := os.Args[1:]
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first signal starts a graceful shutdown; a second one kills at once
	// (the default action once signals are no longer caught).
	go func() {
		<-ctx.Done()
		stop()
	}()
	if err := run(ctx, cmd, args); err != nil {
		fmt.Fprintln(os.Stderr, "efir:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cmd string, args []string) error {
	switch cmd {
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	case "version":
		fmt.Println(version)
		return nil
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	setupLogging(cfg)
	switch cmd {
	case "serve":
		return serve(ctx, cfg)
	case "migrate":
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Println("migrations applied")
		return nil
	case "seed":
		return seed(ctx, cfg)
	case "outbox":
		return outbox(ctx, cfg, args)
	case "import":
		return importCmd(ctx, cfg, args)
	case "renew":
		return renew(ctx, cfg, args)
	case "operator":
		return operatorCmd(ctx, cfg, args)
	default:
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func setupLogging(cfg config.Config) {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	var h slog.Handler = slog.NewTextHandler(os.Stderr, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	slog.SetDefault(slog.New(h))
}
