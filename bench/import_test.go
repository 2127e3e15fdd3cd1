package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"efir/internal/store"
	"efir/internal/store/storetest"
	"efir/internal/tv/epgimport"
	"efir/internal/tv/xmltv"
)

// The XMLTV import budget: 300 channels x 14 days (~30 programmes a day) in
// under 10 s with peak memory under 200 MB.
const (
	importChannels = 300
	importDays     = 14
	importPerDay   = 30
)

// xmltvGen writes the benchmark guide on the fly (channel after channel, as
// grabbers do), so the benchmark process never holds the document.
type xmltvGen struct {
	ch, n   int // current channel, programme within it
	start   time.Time
	buf     []byte
	stage   int
	written int64
}

var (
	benchTitles = []string{"Новости", "Доброе утро", "Вечерний выпуск", "Художественный фильм", "Сериал «Следствие»",
		"Спортивный обзор", "Погода", "Документальный цикл «Планета»", "Ток-шоу «Говорим»", "Мультфильмы",
		"Кулинарный поединок", "Концерт", "Время покажет", "Итоги недели", "Детектив «Тайны города»"}
	benchDesc  = strings.Repeat("Подробное описание передачи: ведущие, гости, сюжеты выпуска и то, что зритель увидит. ", 5)
	benchDescs = func() (out []string) {
		r := []rune(benchDesc)
		for i := 0; i < 5; i++ {
			out = append(out, string(r[:140+i*40]))
		}
		return out
	}()
	benchCats = []string{"Новости", "Кино", "Сериал", "Спорт", "Детям", "Познавательное", "Развлечения", "Музыка"}
)

func newXMLTVGen() *xmltvGen {
	return &xmltvGen{start: time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -7)}
}

func (g *xmltvGen) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		switch {
		case g.stage == 0:
			g.buf = []byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE tv SYSTEM \"xmltv.dtd\">\n<tv generator-info-name=\"efir-bench\">\n")
			for c := 0; c < importChannels; c++ {
				g.buf = fmt.Appendf(g.buf, "  <channel id=\"ch%03d.example\">\n    <display-name lang=\"ru\">Канал %d</display-name>\n    <icon src=\"https://img.example/ch%03d.png\"/>\n  </channel>\n", c, c, c)
			}
			g.stage = 1
		case g.stage == 1 && g.ch < importChannels:
			g.buf = g.programme(g.buf[:0])
			g.n++
			if g.n == importDays*importPerDay {
				g.ch, g.n = g.ch+1, 0
			}
		case g.stage == 1:
			g.buf, g.stage = []byte("</tv>\n"), 2
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	g.written += int64(n)
	return n, nil
}

// programme: 48-minute slots (30 a day), realistic texts in two languages.
func (g *xmltvGen) programme(b []byte) []byte {
	slot := 24 * time.Hour / importPerDay
	s := g.start.Add(time.Duration(g.n) * slot)
	e := s.Add(slot)
	k := (g.ch*7 + g.n) % len(benchTitles)
	const layout = "20060102150405 -0700"
	msk := time.FixedZone("", 3*3600)
	b = fmt.Appendf(b, "  <programme start=\"%s\" stop=\"%s\" channel=\"ch%03d.example\">\n", s.In(msk).Format(layout), e.In(msk).Format(layout), g.ch)
	b = fmt.Appendf(b, "    <title lang=\"ru\">%s</title>\n    <title lang=\"en\">Programme %d</title>\n", benchTitles[k], k)
	b = fmt.Appendf(b, "    <sub-title lang=\"ru\">Выпуск %d</sub-title>\n", g.n)
	b = fmt.Appendf(b, "    <desc lang=\"ru\">%s</desc>\n", benchDescs[g.n%5])
	b = fmt.Appendf(b, "    <category lang=\"ru\">%s</category>\n    <category lang=\"en\">Genre</category>\n", benchCats[k%len(benchCats)])
	b = fmt.Appendf(b, "    <episode-num system=\"xmltv_ns\">%d.%d.0/1</episode-num>\n    <episode-num system=\"onscreen\">S%02dE%02d</episode-num>\n", g.n%3, g.n%20, g.n%3+1, g.n%20+1)
	b = fmt.Appendf(b, "    <rating system=\"RARS\"><value>%d+</value></rating>\n", []int{0, 6, 12, 16, 18}[k%5])
	b = fmt.Appendf(b, "    <icon src=\"https://img.example/p/%d.jpg\"/>\n    <date>20%02d</date>\n  </programme>\n", k, 10+k)
	return b
}

// importDB makes a fresh SQLite database with the 300 channels of the guide.
func importDB(b *testing.B, dir string) *store.DB {
	b.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "efir.db"), dir)
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	addImportChannels(b, db)
	return db
}

func addImportChannels(b *testing.B, db *store.DB) {
	ctx := context.Background()
	for c := 0; c < importChannels; c++ {
		if _, err := db.Exec(ctx, `INSERT INTO channels (provider_id, slug, name, number, epg_id) VALUES (1, ?, ?, ?, ?)`,
			fmt.Sprintf("ch%03d", c), fmt.Sprintf("Канал %d", c), c+1, fmt.Sprintf("ch%03d.example", c)); err != nil {
			b.Fatal(err)
		}
	}
}

func importCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func skipRepeats(b *testing.B) {
	if b.N > 3 {
		// one import is seconds long: make bench runs it with -benchtime 1x
		b.Skip("run with -benchtime 1x")
	}
}

// BenchmarkImportXMLTV imports the generated guide (streamed, ~60 MB) into a
// fresh SQLite database in this process. Reports ns/op, the input size and
// the Go heap the process ever reserved (HeapSys, Sys).
func BenchmarkImportXMLTV(b *testing.B) {
	skipRepeats(b)
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	var size int64
	var programmes int
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db := importDB(b, b.TempDir())
		runtime.GC()
		gen := newXMLTVGen()
		cpu0 := importCPU()
		b.StartTimer()
		rep, err := epgimport.ImportXMLTV(ctx, db, gen, epgimport.Options{Problems: os.Stderr, ShowProblems: 5})
		b.StopTimer()
		cpu += importCPU() - cpu0
		if err != nil {
			b.Fatal(err)
		}
		if rep.SkippedTotal() > 0 {
			b.Fatalf("skipped: %s %v", rep.Summary(), rep.Skipped)
		}
		size, programmes = gen.written, rep.Programmes
		db.Close()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	// CPU seconds (user + system of the whole process, the generator
	// included) show the cost when the shared machine is busy
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(programmes), "programmes")
	b.ReportMetric(float64(size)/(1<<20), "input-MB")
	b.ReportMetric(float64(m.HeapSys)/(1<<20), "heap-sys-MB")
	b.ReportMetric(float64(m.Sys)/(1<<20), "sys-MB")
}

// BenchmarkParseXMLTV is the parser alone on the same guide (no database):
// with BenchmarkImportXMLTV it shows how the time splits between parsing
// and writing (the two overlap on two cores).
func BenchmarkParseXMLTV(b *testing.B) {
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			skipRepeats(b)
			var cpu time.Duration
			var n int
			for i := 0; i < b.N; i++ {
				cpu0 := importCPU()
				n = 0
				err := xmltv.Parse(newXMLTVGen(), xmltv.Options{Workers: workers},
					xmltv.Handler{Programme: func(*xmltv.Programme) error { n++; return nil }})
				cpu += importCPU() - cpu0
				if err != nil || n != importChannels*importDays*importPerDay {
					b.Fatalf("parsed %d: %v", n, err)
				}
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkImportXMLTVPostgres is the same import into PostgreSQL
// (EFIR_TEST_POSTGRES_URL; skipped without it).
func BenchmarkImportXMLTVPostgres(b *testing.B) {
	skipRepeats(b)
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db := storetest.Postgres(b)
		addImportChannels(b, db)
		cpu0 := importCPU()
		b.StartTimer()
		rep, err := epgimport.ImportXMLTV(ctx, db, newXMLTVGen(), epgimport.Options{})
		b.StopTimer()
		cpu += importCPU() - cpu0
		if err != nil {
			b.Fatal(err)
		}
		if rep.Programmes != importChannels*importDays*importPerDay {
			b.Fatalf("imported: %s", rep.Summary())
		}
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkImportXMLTVProcess runs the real command, `efir import xmltv`, on
// the generated guide written to a file, and reports its wall time and peak
// resident memory (VmHWM, from the child's rusage).
func BenchmarkImportXMLTVProcess(b *testing.B) {
	skipRepeats(b)
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	tmp := b.TempDir()
	bin := filepath.Join(tmp, "efir")
	build := exec.Command("go", "build", "-o", bin, "efir/cmd/efir")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		b.Fatal(err)
	}
	guide := filepath.Join(tmp, "guide.xml")
	f, err := os.Create(guide)
	if err != nil {
		b.Fatal(err)
	}
	size, err := io.Copy(f, newXMLTVGen())
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	var peakKB int64
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := filepath.Join(tmp, fmt.Sprint("data", i))
		importDB(b, dir).Close()
		cmd := exec.Command(bin, "import", "xmltv", guide)
		cmd.Env = append(os.Environ(), "EFIR_DATA_DIR="+dir, "EFIR_DATABASE_URL=")
		cmd.Stderr = os.Stderr
		b.StartTimer()
		out, err := cmd.Output()
		b.StopTimer()
		if err != nil {
			b.Fatalf("efir import: %v\n%s", err, out)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peakKB = max(peakKB, ru.Maxrss) // kilobytes on Linux
		}
		if i == 0 {
			b.Logf("%s", strings.TrimSpace(string(out)))
		}
	}
	b.ReportMetric(float64(size)/(1<<20), "input-MB")
	b.ReportMetric(float64(peakKB)/1024, "peak-rss-MB")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}
