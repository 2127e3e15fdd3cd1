package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"efir/internal/config"
	"efir/internal/tv/epgimport"
)

const importUsage = `usage: efir import xmltv|m3u [flags] <file|url|->

  xmltv   a programme guide (XMLTV, plain or gzip); programmes go to the
          channels whose epg_id is the XMLTV channel id, replacing their
          schedule inside the imported time range
  m3u     a channel line-up (M3U/M3U8 with tvg-* and catchup attributes);
          creates or updates channels, matched by tvg-id, then by name;
          entries with one tvg-id are one channel with several sources,
          its stream the first HLS one; addresses that are not HLS (DASH,
          rtmp, udp, host:port) are reported and kept, never streamed

the source is a file, an http(s) address or - for standard input

flags:
`

// importCmd runs "efir import": bad entries are reported and skipped; the
// exit status is non-zero only when the source or the database fails.
func importCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) == 0 || (args[0] != "xmltv" && args[0] != "m3u") {
		fmt.Fprint(os.Stderr, importUsage)
		return errors.New("import: say xmltv or m3u")
	}
	kind := args[0]
	fs := flag.NewFlagSet("import "+kind, flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, importUsage); fs.PrintDefaults() }
	provider := fs.Int64("provider", 0, "provider id (default: the default provider, 1 when none is marked)")
	create := fs.Bool("create-channels", false, "xmltv: create hidden channels for <channel> ids no channel has")
	tz := fs.String("tz", "UTC", "xmltv: time zone of times written without an offset (e.g. Europe/Moscow)")
	langs := fs.String("lang", "ru,en", "xmltv: preferred languages of titles and descriptions, best first")
	show := fs.Int("problems", 20, "how many bad entries to print (all are counted)")
	batch := fs.Int("batch", 500, "rows per transaction")
	workers := fs.Int("workers", 0, "xmltv: decoding goroutines (default: one per CPU; 1 decodes in one piece)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("import: give one source")
	}
	zone, err := time.LoadLocation(*tz)
	if err != nil {
		return fmt.Errorf("import: -tz: %w", err)
	}
	var langList []string
	for _, l := range strings.Split(*langs, ",") {
		if l = strings.ToLower(strings.TrimSpace(l)); l != "" {
			langList = append(langList, l)
		}
	}
	// The XML decoder allocates per token and the live heap is a few MB: a
	// lazier collector saves about a quarter of the CPU, and the soft limit
	// keeps the peak well under the 200 MB budget whatever happens.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(150 << 20)
	}
	src, err := epgimport.Open(ctx, fs.Arg(0))
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer src.Close()
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	opt := epgimport.Options{ProviderID: *provider, CreateChannels: *create, Zone: zone, Langs: langList,
		BatchSize: *batch, Workers: *workers, Problems: os.Stderr, ShowProblems: *show}
	var rep *epgimport.Report
	if kind == "xmltv" {
		rep, err = epgimport.ImportXMLTV(ctx, db, src, opt)
	} else {
		rep, err = epgimport.ImportM3U(ctx, db, src, opt)
	}
	if rep != nil {
		fmt.Println(rep.Summary())
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", kind, err)
	}
	if !rep.Imported() && rep.Skipped["xml syntax"] > 0 {
		// nothing usable before the document broke: the source is not XMLTV
		return fmt.Errorf("import %s: %s is not a readable XMLTV document", kind, fs.Arg(0))
	}
	return nil
}
