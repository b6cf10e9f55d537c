package share

import "testing"

func TestGitHubAddress(t *testing.T) {
	for _, tt := range []struct {
		remote string
		want   bool
	}{
		{"https://github.com/mara/portfolio.git", true},
		{"https://github.com/mara/portfolio", true},
		{"http://github.com/mara/portfolio.git", true},
		{"https://mara:ghp_token@github.com/mara/portfolio.git", true},
		{"https://GitHub.com/mara/portfolio.git", true},
		{"https://www.github.com/mara/portfolio.git", true},
		{"git@github.com:mara/portfolio.git", true},
		{"github.com:mara/portfolio.git", true},
		{"ssh://git@github.com/mara/portfolio.git", true},
		{"ssh://git@ssh.github.com:443/mara/portfolio.git", true},
		{"git+ssh://git@github.com/mara/portfolio.git", true},
		{"git://github.com/mara/portfolio.git", true},
		{"", false},
		{"https://gitlab.com/mara/portfolio.git", false},
		{"git@gitlab.com:mara/portfolio.git", false},
		{"https://github.com.evil.example/mara/portfolio.git", false},
		{"https://notgithub.com/mara/portfolio.git", false},
		{"https://example.com/github.com/portfolio.git", false},
		{"/srv/git/portfolio.git", false},
		{"../portfolio.git", false},
		{"./github.com:mara/portfolio.git", false},
		{"file:///srv/github.com/portfolio.git", false},
	} {
		if got := GitHubAddress(tt.remote); got != tt.want {
			t.Errorf("GitHubAddress(%q) = %v, want %v", tt.remote, got, tt.want)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"https://mara:ghp_token@github.com/mara/p.git": "https://mara@github.com/mara/p.git",
		"https://github.com/mara/p.git":                "https://github.com/mara/p.git",
		"git@github.com:mara/p.git":                    "git@github.com:mara/p.git",
	} {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}
