package report

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestHTMLSelfContained(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, Merge(threeHosts()), "corpus <matrix>"); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	// Nothing is fetched: no src or href attribute, no @import or url().
	if m := regexp.MustCompile(`(?i)\b(src|href)\s*=|@import|url\(`).FindString(page); m != "" {
		t.Errorf("the page refers to something outside itself: %q", m)
	}
	for _, want := range []string{
		"<title>corpus &lt;matrix&gt;</title>",
		`<th colspan="3">mac-arm</th>`,
		"<td class=\"cell fail\" data-v=\"7\" title=\"FAIL\nexit 139 (SIGSEGV), want 0 · segfault\npython 3.12.1\n2.00s\">FAIL<small>SIGSEGV</small></td>",
		`<td class="cell none" data-v="-1" title="not run on this host">·</td>`,
		`<td class="key" data-v="native/tls/buggy" title="corpus/native/tls.txtar:12">native/tls/buggy</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if n := strings.Count(page, "<tr><td class=\"key\""); n != 8 {
		t.Errorf("%d rows, want 8", n)
	}
}

// chromium finds a headless-capable Chromium, or skips the test saying how
// to get one.
func chromium(t *testing.T) string {
	if testing.Short() {
		t.Skip("-short: the HTML matrix is not checked in a browser")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH: the HTML matrix is not checked in a browser (Debian: apt-get install chromium)")
	return ""
}

// runChromium runs headless Chromium with a fresh profile, no network
// chatter and no sandbox (tests run as root in CI containers).
func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("chromium did not finish in 90s: %s", stderr.String())
	}
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

func writeMatrixPage(t *testing.T) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteHTML(&b, Merge(threeHosts()), "cleanexit: runs across hosts"); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "matrix.html")
	if err := os.WriteFile(page, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return page
}

// The page renders in a real browser: the screenshot shows the status
// colours of the stylesheet. CLEANEXIT_SCREENSHOT=FILE keeps the PNG to be
// looked at.
func TestHTMLScreenshotInChromium(t *testing.T) {
	bin := chromium(t)
	page := writeMatrixPage(t)
	shot := os.Getenv("CLEANEXIT_SCREENSHOT")
	if shot == "" {
		shot = filepath.Join(t.TempDir(), "matrix.png")
	} else if shot, _ = filepath.Abs(shot); true {
		os.Remove(shot)
	}
	runChromium(t, bin, "--screenshot="+shot, "--window-size=1200,800", "file://"+page)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 800 {
		t.Errorf("screenshot is %v, want 1200×800", b)
	}
	// Each colour is a status cell's background in html.go's stylesheet.
	for name, c := range map[string]color.RGBA{
		"PASS":        {0xda, 0xfb, 0xe1, 0xff},
		"FAIL":        {0xff, 0xeb, 0xe9, 0xff},
		"TIMEOUT":     {0xff, 0xf1, 0xe5, 0xff},
		"UNRESOLVED":  {0xfb, 0xef, 0xff, 0xff},
		"FLAKYPASS":   {0xff, 0xf8, 0xc5, 0xff},
		"UNSUPPORTED": {0xf6, 0xf8, 0xfa, 0xff},
	} {
		if n := countColour(img, c); n < 200 {
			t.Errorf("%s's colour %v covers %d pixels of the screenshot, want a visible cell", name, c, n)
		}
	}
	t.Logf("screenshot: %s", shot)
}

// The page's script sorts in a real browser: #sort=N sorts by column N on
// load, worst first; the DOM after the script ran shows the order.
func TestHTMLSortsInChromium(t *testing.T) {
	bin := chromium(t)
	page := writeMatrixPage(t)
	// Unsorted, rows that fail anywhere come first. Clicking a key heading
	// sorts ascending; a status heading, gravest first (FAIL, TIMEOUT,
	// XPASS, UNRESOLVED, FLAKYPASS, XFAIL, PASS, UNSUPPORTED), ties by key.
	for _, tc := range []struct {
		hash   string
		first  string
		before [2]string // this row comes before that one
	}{
		{"", "native/tls/buggy", [2]string{"native/tls/pinned", "native/tls/flaky"}},
		{"#sort=0", "native/tls/buggy", [2]string{"native/tls/flaky", "native/tls/pinned"}},
		{"#sort=0-rev", "native/tls/pinned", [2]string{"native/tls/pinned", "native/tls/flaky"}},
		// worst: buggy and mac FAIL somewhere, default only TIMEOUTs.
		{"#sort=1", "native/tls/buggy", [2]string{"native/tls/mac", "native/tls/default"}},
		// linux-x86 3.12: buggy FAILed there, hang TIMEOUT, mac is UNSUPPORTED.
		{"#sort=2", "native/tls/buggy", [2]string{"native/tls/hang", "native/tls/mac"}},
		// mac-arm 3.12: mac FAILed there, hang TIMEOUT, buggy passed.
		{"#sort=4", "native/tls/mac", [2]string{"native/tls/hang", "native/tls/buggy"}},
	} {
		dom := string(runChromium(t, bin, "--dump-dom", "--virtual-time-budget=2000", "file://"+page+tc.hash))
		var order []string
		for _, m := range regexp.MustCompile(`<td class="key" data-v="([^"]+)"`).FindAllStringSubmatch(dom, -1) {
			order = append(order, m[1])
		}
		if len(order) != 8 {
			t.Fatalf("%s: %d rows in the DOM:\n%s", tc.hash, len(order), dom)
		}
		if order[0] != tc.first || slices.Index(order, tc.before[0]) > slices.Index(order, tc.before[1]) {
			t.Errorf("sorted by %q: %v; want %s first and %s before %s", tc.hash, order, tc.first, tc.before[0], tc.before[1])
		}
		if tc.hash != "" && !strings.Contains(dom, `aria-sort="`) {
			t.Errorf("%s: no heading marked sorted", tc.hash)
		}
	}
}

func countColour(img image.Image, want color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(bl>>8) == want.B {
				n++
			}
		}
	}
	return n
}
