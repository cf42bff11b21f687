package serve

import (
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// The page's examples and its placeholder are real inputs: each is
// answered, not refused (the placeholder's ID used to name no puzzle), and
// they cover a grid, a puzzle, a number and an ID; its links to the docs
// are served.
func TestPageExamples(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	page := string(readAll(t, ts.URL+"/"))
	var inputs []string
	for _, m := range regexp.MustCompile(`data-q="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		inputs = append(inputs, html.UnescapeString(m[1]))
	}
	ph := regexp.MustCompile(`placeholder="[^"]*such as (\d+)[^"]*ID such as ([0-9a-f-]+)"`).FindStringSubmatch(page)
	if ph == nil {
		t.Fatal("no number and ID in the box's placeholder")
	}
	inputs = append(inputs, ph[1], ph[2])
	kinds := map[string]bool{}
	for _, in := range inputs {
		path := "minlex"
		switch {
		case regexp.MustCompile(`^\d+-[0-9a-f]{21}$`).MatchString(in):
			path = "id"
		case regexp.MustCompile(`^\d{1,12}$`).MatchString(in): // as the page tells a number
			path = "number"
		}
		resp, a := call(t, "GET", ts.URL+"/api/v1/"+path+"/"+in, "")
		if resp.StatusCode != http.StatusOK {
			t.Errorf("the page's example %s: %d %+v", in, resp.StatusCode, a.Error)
			continue
		}
		kind := path
		if path == "minlex" {
			kind = map[bool]string{true: "grid", false: "puzzle"}[!strings.ContainsAny(in, ".0")]
		}
		kinds[kind] = true
	}
	for _, k := range []string{"grid", "puzzle", "number", "id"} {
		if !kinds[k] {
			t.Errorf("no example of a %s among %v", k, inputs)
		}
	}
	for _, m := range regexp.MustCompile(`href="(docs/[a-z]+\.md)"`).FindAllStringSubmatch(page, -1) {
		if resp, err := http.Get(ts.URL + "/" + m[1]); err != nil || resp.StatusCode != http.StatusOK {
			t.Errorf("the page links %s: %v %v", m[1], err, resp)
		} else {
			resp.Body.Close()
		}
	}
	if !strings.Contains(page, `href="docs/api.md"`) {
		t.Error("the page does not link the API reference it serves")
	}
}

// readAll is the body of GET url.
func readAll(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
