"""Cues for personalised instructions, read from what a user said: programming languages and tools
they mention, deployment targets they ask about, accessibility needs they state.

Pure functions over one text, fixed vocabularies, canonical names out: nothing from the text is
copied into an instruction, so a cue cannot carry an injected request. The context builder counts
them over a user's memories (mal/instructions.py); a single mention decides nothing.
"""

from __future__ import annotations

import re

__all__ = ["ACCESSIBILITY", "DEPLOY_TARGETS", "LANGUAGES", "TOOLS", "accessibility_needs", "deploy_targets", "tech"]

_B = r"(?<![A-Za-z0-9_+#])"  # a word edge that also works beside Chinese characters
_E = r"(?![A-Za-z0-9_+#])"


def _words(*alternatives: str) -> re.Pattern[str]:
    """Latin alternatives need word edges ("java" is not "javascript"); Chinese ones do not
    ("阿里云ECS" mentions 阿里云)."""
    latin = [a for a in alternatives if a[:1].isascii()]
    chinese = [a for a in alternatives if not a[:1].isascii()]
    parts = ([_B + "(?:" + "|".join(latin) + ")" + _E] if latin else []) + chinese
    return re.compile("|".join(parts), re.I)


LANGUAGES: dict[str, re.Pattern[str]] = {
    "Python": _words("python", "python3", "py3"),
    "JavaScript": _words("javascript", "js", "node\\.?js"),
    "TypeScript": _words("typescript", "ts"),
    "Java": _words("java"),
    "Go": re.compile(_B + r"(?:golang|go(?=\s*(?:语言|代码|程序|\s(?:code|program|module|routine)s?\b)))" + _E, re.I),
    "Rust": _words("rust"),
    "C++": re.compile(_B + r"(?:c\+\+|cpp)(?![A-Za-z0-9_])", re.I),
    "C#": re.compile(_B + r"(?:c#|csharp)(?![A-Za-z0-9_])", re.I),
    "Kotlin": _words("kotlin"),
    "Swift": _words("swift(?:ui)?"),
    "Ruby": _words("ruby"),
    "PHP": _words("php"),
    "R": re.compile(r"(?:" + _B + r"R(?=\s*(?:语言|代码|包|\s(?:code|script|package)s?\b))|\bRStudio\b)" + _E),
    "SQL": _words("sql", "mysql", "postgres(?:ql)?", "sqlite"),
}
TOOLS: dict[str, re.Pattern[str]] = {
    "Docker": _words("docker", "dockerfile", "容器镜像"),
    "Kubernetes": _words("kubernetes", "k8s", "kubectl"),
    "Git": _words("git", "github", "gitlab"),
    "VS Code": _words("vs ?code", "visual studio code"),
    "PyCharm": _words("pycharm"),
    "Vim": _words("n?vim"),
    "Excel": _words("excel"),
    "pandas": _words("pandas"),
    "React": _words("react(?:\\.js)?"),
    "Django": _words("django"),
    "FastAPI": _words("fastapi"),
    "Flask": _words("flask"),
    "Spring": _words("spring ?boot", "spring"),
    "Terraform": _words("terraform"),
}
DEPLOY_TARGETS: dict[str, re.Pattern[str]] = {
    "AWS": _words("aws", "amazon web services", "ec2", "aws lambda", "亚马逊云"),
    "Azure": _words("azure", "微软云"),
    "Google Cloud": _words("gcp", "google cloud", "cloud run", "谷歌云"),
    "阿里云": _words("阿里云", "aliyun", "alibaba cloud"),
    "腾讯云": _words("腾讯云", "tencent cloud"),
    "华为云": _words("华为云", "huawei cloud"),
    "Kubernetes": _words("kubernetes", "k8s"),
    "Heroku": _words("heroku"),
    "Vercel": _words("vercel"),
    "Cloudflare": _words("cloudflare(?: workers)?"),
}
_DEPLOY = re.compile(r"部署|上线|发布到|托管|\bdeploy(?:ing|ed|ment|s)?\b|\bhost(?:ing)?\b|\bship(?:ping)? to\b", re.I)
ACCESSIBILITY: dict[str, re.Pattern[str]] = {
    "wheelchair": re.compile(r"轮椅|\bwheelchair\b", re.I),
    "blind": re.compile(r"盲人|全盲|失明|读屏|屏幕阅读器|\b(?:i am|i'm) blind\b|\bscreen ?reader\b", re.I),
    "low_vision": re.compile(r"视力(?:不好|很差|差)|弱视|视障|低视力|\blow vision\b|\bvisually impaired\b", re.I),
    "color_blind": re.compile(r"色盲|色弱|\bcolou?r[- ]?blind\b", re.I),
    "hearing": re.compile(
        r"听力(?:不好|很差|差)|听障|耳聋|助听器|\bhard of hearing\b|\bhearing aids?\b|\bdeaf\b", re.I
    ),
    "dyslexia": re.compile(r"阅读障碍|读写障碍|\bdyslexi[ac]\b", re.I),
}
# Someone else's need ("my mother uses a wheelchair") is not the user's.
_SOMEONE_ELSE = re.compile(
    r"妈|爸|母亲|父亲|奶奶|爷爷|外婆|外公|姥姥|姥爷|孩子|儿子|女儿|老公|老婆|丈夫|妻子|朋友|同事|邻居|客户|他|她|"
    r"\b(?:my (?:mum|mom|mother|dad|father|son|daughter|kid|child|wife|husband|partner|friend|grandma|grandpa|"
    r"grandmother|grandfather|colleague|client|neighbou?r)|he|she|his|her)\b",
    re.I,
)
_NEGATED = re.compile(r"不用|不需要|不是|没有|\b(?:don't|do not|no longer|not|never)\b", re.I)


def _found(table: dict[str, re.Pattern[str]], text: str) -> list[str]:
    return [name for name, pattern in table.items() if pattern.search(text)]


def tech(text: str) -> tuple[list[str], list[str]]:
    """(programming languages, tools) the text mentions, canonical names."""
    return _found(LANGUAGES, text), _found(TOOLS, text)


def deploy_targets(text: str) -> list[str]:
    """Deployment targets of a text that is about deploying ("how do I deploy this to AWS?")."""
    return _found(DEPLOY_TARGETS, text) if _DEPLOY.search(text) else []


def accessibility_needs(text: str) -> list[str]:
    """Needs the user states about themselves; not someone else's, not a negated one."""
    if _SOMEONE_ELSE.search(text) or _NEGATED.search(text):
        return []
    return _found(ACCESSIBILITY, text)
