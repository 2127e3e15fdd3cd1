// Command origin serves a media directory through efir's media origin for
// bench/origin.sh: it prints the signed URL of one segment and serves until
// killed. It serves through server.ServeListener, as efir serve does: with
// -chain (the default) the origin runs inside the server's whole middleware
// chain (logging, security headers, client address) and segment requests
// take the connection fast path; -fast=false leaves them to net/http.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"efir/internal/media"
	"efir/internal/server"
)

// bestSegment is segment 0 of the highest-bandwidth rendition: the origin's
// path for it and its file relative to dir.
func bestSegment(dir, asset string) (string, string, error) {
	raw, err := os.ReadFile(filepath.Join(dir, asset, "asset.json"))
	if err != nil {
		return "", "", err
	}
	var a struct {
		Video []struct {
			Name      string `json:"name"`
			Bandwidth int    `json:"bandwidth"`
			Files     string `json:"files"`
		} `json:"video"`
	}
	if err := json.Unmarshal(raw, &a); err != nil || len(a.Video) == 0 {
		return "", "", fmt.Errorf("%s/asset.json: no video (%v)", asset, err)
	}
	best := a.Video[0]
	for _, v := range a.Video {
		if v.Bandwidth > best.Bandwidth {
			best = v
		}
	}
	file := fmt.Sprintf(best.Files, 0)
	return "video-" + best.Name + "/0" + path.Ext(file), asset + "/" + file, nil
}

func main() {
	dir := flag.String("dir", "", "media directory")
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	asset := flag.String("asset", "", "asset to sign (default the first)")
	segment := flag.String("segment", "", "segment path inside the token (default: segment 0 of the best video rendition)")
	chain := flag.Bool("chain", true, "serve through the server's middleware chain")
	fast := flag.Bool("fast", true, "with -chain: answer segments on the connection fast path")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here until SIGINT/SIGTERM")
	flag.Parse()
	if *cpuprofile != "" {
		stopProfile(*cpuprofile)
	}
	o, err := media.NewOrigin(media.OriginConfig{Dir: *dir, Secret: []byte(strings.Repeat("b", 32)), TTL: 24 * time.Hour})
	if err != nil {
		log.Fatal(err)
	}
	name := *asset
	if name == "" {
		if len(o.Assets()) == 0 {
			log.Fatal("no assets in ", *dir)
		}
		name = o.Assets()[0]
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	var h http.Handler
	if *chain {
		h = server.Handler(server.Options{Modules: []server.Module{o}, Logger: quiet})
		if !*fast {
			h = http.HandlerFunc(h.ServeHTTP) // hides the origin from ServeListener
		}
	} else {
		mux := http.NewServeMux()
		o.Register(mux)
		h = mux
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	seg, file := *segment, ""
	if seg == "" {
		if seg, file, err = bestSegment(*dir, name); err != nil {
			log.Fatal(err)
		}
	}
	master := o.Sign(media.Grant{Kind: media.KindVOD, Asset: name})
	// The signed URL, and the same segment's file relative to -dir (what a
	// plain file server such as nginx serves).
	fmt.Printf("http://%s%s%s %s\n", ln.Addr(), strings.TrimSuffix(master, "master.m3u8"), seg, file)
	_ = os.Stdout.Sync()
	log.Fatal(server.ServeListener(context.Background(), ln, h, quiet))
}

// stopProfile profiles the CPU until the process is told to stop.
func stopProfile(name string) {
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal(err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		pprof.StopCPUProfile()
		f.Close()
		os.Exit(0)
	}()
}
